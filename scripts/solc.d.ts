/** The one function of the npm `solc` package (untyped) that generate-abis.ts calls. */
declare module 'solc' {
  const solc: {
    /** standard JSON input in, standard JSON output out */
    compile(input: string): string;
  };
  export default solc;
}
