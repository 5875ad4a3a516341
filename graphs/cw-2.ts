import { studioGraph } from "../src/topologies/studio.js";

/** Cell CW-2 on the bundled scenario, protected by RECONS (see src/topologies/studio.ts). */
export const graph = studioGraph("CW-2");
