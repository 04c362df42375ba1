let tmpCounter = 0;

/** Client ids for new spans (the first save maps them to server ids); randomUUID needs a secure context. */
export const newTmpId = () => `tmp-${Date.now().toString(36)}-${(tmpCounter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
