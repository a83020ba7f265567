/** A setting that is missing or wrong: told in one line, without a stack. */
export class ConfigError extends Error {}
