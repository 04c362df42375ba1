import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { ignoreClosedStdout } from "./ignore-closed-stdout";

const error = (code: string) => Object.assign(new Error(code), { code });

describe("ignoreClosedStdout", () => {
  it("lets a closed pipe pass and keeps other errors fatal", () => {
    const stream = new EventEmitter();
    ignoreClosedStdout(stream);
    expect(() => stream.emit("error", error("EPIPE"))).not.toThrow();
    expect(() => stream.emit("error", error("ERR_STREAM_DESTROYED"))).not.toThrow();
    expect(() => stream.emit("error", error("ENOSPC"))).toThrow("ENOSPC");
  });
});
