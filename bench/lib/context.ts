import type { Figure } from './report';

export interface BenchEnv {
  /** Temporary directory of this run: server data directories live here. */
  workDir: string;
  /** Where input files are made (BENCH_INPUTS keeps them between runs). */
  inputDir: string;
  /** Include the 4 GiB upload (skipped with --quick). */
  full: boolean;
}

export type Benchmark = (env: BenchEnv) => Promise<Figure[]>;
