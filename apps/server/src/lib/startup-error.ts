/** A start-up problem the operator must fix; server.ts prints its one-line message and stops. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
