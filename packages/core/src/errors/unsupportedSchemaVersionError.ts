/** A webhook payload whose schema major this client does not support. The store is untouched. Decided on the client, so not an `ApiError`: no response caused it. */
export class UnsupportedSchemaVersionError extends Error {
  override name = 'UnsupportedSchemaVersionError';
  readonly schemaVersion: string;
  constructor(schemaVersion: string, supportedMajors: readonly string[]) {
    super(
      `Webhook schema_version ${schemaVersion} is not supported (supported majors: ${supportedMajors.join(', ')}). ` +
        'Upgrade the client to read this payload.',
    );
    this.schemaVersion = schemaVersion;
  }
}
