// The selection profile: the engine owns it (lib/engine/profile.ts, grouped by stage); schemas import the engine, never
// the reverse. API 1.x responses send it in 1.1.0's flat layout (lib/model/flat-profile.ts, converted at the edge).
export { flatProfileSchema, type FlatProfile } from "../model/flat-profile";
export { searchRerankSchema, selectionProfileSchema, type SearchRerank, type SelectionProfile, type SimilarityContext } from "../engine/profile";
