// The simulator as the interactive `pathway chat` loop needs it: the engine hands the core's transition function to the CLI.
export {
  createInitialStateAsync,
  createKeywordDecider,
  createLiveWebhooks,
  createScriptedDecider,
  createSimulator,
  describeCandidate,
  getCandidates,
  getSimNodeName,
  transitionAsync,
} from "../simulate/index.js";
