/**
 * Keys that reach a prototype when later code copies an object by assignment: dropped from what JSON
 * brings, what a write keeps, what a snapshot carries and what a partial lays. (The store's freeze
 * checks them inline, on its hot path.)
 */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
