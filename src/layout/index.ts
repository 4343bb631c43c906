// The layout layer: a DirectedGraph placed on a plane (ELK's layered algorithm, or ranks for huge graphs) and drawn as SVG.
export * from "./types.js";
export * from "./elk.js";
export * from "./ranks.js";
export * from "./choose.js";
export { countCrossings } from "./crossings.js";
export * from "./svg.js";
export * from "./legend.js";
export { getCaptionLines, GROUP_CAPTION_LINE, GROUP_PAD } from "./groups.js";
export {
  getNodeSize,
  getLabelSize,
  getGlobalEdgeLines,
  getShownFontSize,
  GLOBALS_NOTE as GLOBALS_NOTE_TEXT,
  LABEL_FONT_SIZE,
  MIN_SHOWN_TEXT_PX,
  NODE_FONT_SIZE,
  VIEW_WIDTH,
} from "./sizes.js";
