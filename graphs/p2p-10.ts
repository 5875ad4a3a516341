import { studioGraph } from "../src/topologies/studio.js";

/** Cell P2P-10 on the bundled scenario, protected by RECONS (see src/topologies/studio.ts). */
export const graph = studioGraph("P2P-10");
