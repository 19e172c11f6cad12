// A remote is consumed through its exposed ./routes; this entry only satisfies the bundler.
export {};
