// Every command's register function, in the order `pathway --help` lists them. Command modules import heavy code lazily.
import type { Command } from "commander";
import type { CliIo } from "../io.js";
import { register as validate } from "./validate.js";
import { register as build } from "./build.js";
import { register as importCommand } from "./import.js";
import { register as fmt } from "./fmt.js";
import { register as lint } from "./lint.js";
import { register as analyze } from "./analyze.js";
import { register as diagram } from "./diagram.js";
import { register as test } from "./test.js";
import { register as scenarios } from "./scenarios.js";
import { register as chat } from "./chat.js";
import { register as fetchCommand } from "./fetch.js";
import { register as diff } from "./diff.js";
import { register as push } from "./push.js";
import { register as report } from "./report.js";

/** Registers one command on the program. */
export type RegisterCommand = (program: Command, io: CliIo) => void;

export const commands: readonly RegisterCommand[] = [validate, build, importCommand, fmt, lint, analyze, diagram, test, scenarios, chat, fetchCommand, diff, push, report];
