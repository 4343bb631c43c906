// How large a graph each layout takes by default: a constant on its own, so that choosing an engine loads no layout code.

/** Largest graph (nodes + edges) ELK lays out by default (2,000 nodes / 6,000 edges: seconds of CPU with a spanning forest, see getElkLayout). */
export const ELK_MAX_ITEMS = 8_000;
