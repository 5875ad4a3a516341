import fc from "fast-check";

// Property tests draw the same cases on every run: a failure in CI is reproducible, never a flake.
fc.configureGlobal({ seed: 20261201 });
