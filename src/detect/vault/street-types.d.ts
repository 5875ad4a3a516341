/** street-types (no bundled types): USPS Publication 28 Appendix C1, one entry per street suffix. */
declare module "street-types" {
  const streetTypes: ReadonlyArray<{ suffix: string; abbrs: readonly string[]; standardAbbr: string }>;
  export default streetTypes;
}
