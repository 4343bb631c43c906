// The service's text chat with a pathway, as the toolkit sees it: what starts a chat, what one message answers, and the two calls.

/** What starts a chat: the remote pathway, and optionally its start node, request data and version. */
export interface ChatStart {
  pathwayId: string;
  startNodeId?: string;
  requestData?: Record<string, unknown>;
  pathwayVersion?: number;
}

/** A started chat. */
export interface ChatSession {
  chatId: string;
  /** The agent's first message, when the service sends one. */
  message?: string;
  variables: Record<string, unknown>;
}

/** The service's answer to one user message, checked against the documented shape. */
export interface ChatReply {
  chatId: string;
  assistantResponses: string[];
  currentNodeId?: string;
  currentNodeName?: string;
  variables: Record<string, unknown>;
  completed: boolean;
}

/** The chat endpoints, as the live scenario runner needs them (the pathway client implements them). */
export interface ChatApi {
  createChat(start: ChatStart): Promise<ChatSession>;
  sendChatMessage(chatId: string, message: string): Promise<ChatReply>;
}
