import { readFile } from "node:fs/promises";
import { AppError } from "../errors";

/** Read and parse a JSON file, turning a missing file or bad JSON into a clear AppError. */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    throw new AppError("NOT_FOUND", `Cannot read ${path}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new AppError("UNPROCESSABLE", `${path} is not valid JSON: ${(e as Error).message}`);
  }
}
