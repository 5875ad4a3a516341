/** The part of jstat (no bundled types) the statistics module uses. */
declare module "jstat" {
  interface ChiSquare {
    /** P(X <= x) for a chi-square variable with `dof` degrees of freedom. */
    cdf(x: number, dof: number): number;
  }
  interface Normal {
    inv(p: number, mean: number, std: number): number;
  }
  const jStat: { chisquare: ChiSquare; normal: Normal };
  export default jStat;
}
