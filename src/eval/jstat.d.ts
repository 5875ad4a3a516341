/** The part of jstat (no bundled types) the statistics module uses. */
declare module "jstat" {
  interface Normal {
    inv(p: number, mean: number, std: number): number;
  }
  const jStat: { normal: Normal };
  export default jStat;
}
