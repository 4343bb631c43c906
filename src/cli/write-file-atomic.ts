// The atomic file writer commands use; it lives in the engine layer (symlinks, modes, hard links, stale temp files).
export { writeFileAtomic } from "../engine/atomic-write.js";
