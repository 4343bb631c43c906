// Every command's register function, in the order `pathway --help` lists them. Command modules import heavy code lazily.
import type { Command } from "commander";
import type { CliIo } from "../io.js";
import { register as validate } from "./validate.js";

/** Registers one command on the program. */
export type RegisterCommand = (program: Command, io: CliIo) => void;

export const commands: readonly RegisterCommand[] = [validate];
