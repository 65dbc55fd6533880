import { Component, type ReactNode } from "react";

/**
 * Catches a render error (or a lazy screen that failed to load) below it and shows `fallback`: what
 * a data router's errorElement does, for the light entries whose declarative router has none.
 */
export class RenderErrorBoundary extends Component<
  { fallback: (error: unknown) => ReactNode; children: ReactNode },
  { error: unknown; failed: boolean }
> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
