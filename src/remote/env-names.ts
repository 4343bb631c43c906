// The environment variables the remote layer reads, apart from the client so a CLI can name them without loading it.

/** Holds the API key (sent raw in the authorization header). */
export const API_KEY_ENV = "PATHWAYKIT_API_KEY";

/** Overrides the API root. */
export const BASE_URL_ENV = "PATHWAYKIT_BASE_URL";
