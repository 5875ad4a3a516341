#!/usr/bin/env node
// The `recons` bin: the TypeScript sources through tsx in a checkout, the compiled CLI otherwise.
import { existsSync } from "node:fs";

const source = new URL("../src/cli/main.ts", import.meta.url);
const compiled = new URL("../dist/cli/main.js", import.meta.url);

async function loadCli() {
  if (existsSync(source)) {
    try {
      const { register } = await import("tsx/esm/api");
      register();
      return await import(source.href);
    } catch (error) {
      if (!existsSync(compiled)) throw error;
    }
  }
  return import(compiled.href);
}

const { runCli } = await loadCli();
process.exitCode = await runCli(process.argv);
