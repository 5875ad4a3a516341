import { studioGraph } from "../src/topologies/studio.js";

/** Cell Hier-7 on the bundled scenario, protected by RECONS (see src/topologies/studio.ts). */
export const graph = studioGraph("Hier-7");
