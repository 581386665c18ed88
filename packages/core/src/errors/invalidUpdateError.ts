/** A patch named fields that are not valid for update. Raised before any request. Decided on the client, so not an `ApiError`: no response caused it. */
export class InvalidUpdateError extends Error {
  override name = 'InvalidUpdateError';
  /** The offending field names. */
  readonly fields: readonly string[];
  constructor(type: string, fields: readonly string[], allowed: readonly string[]) {
    super(
      `Cannot update ${fields.join(', ')} on ${type}: only ${allowed.join(', ')} are valid for update. ` +
        'Build the patch from the fields you change, not from a copy of the read model.',
    );
    this.fields = fields;
  }
}
