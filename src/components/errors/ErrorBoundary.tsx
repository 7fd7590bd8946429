import { Component, type ErrorInfo, type ReactNode } from 'react';
import { loadAndReportError } from '../../lib/error-reporting/load-report.ts';
import { GenericErrorScreen } from './ErrorScreens.tsx';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** The branding's email; support@… of the default company when not given. */
  supportEmail?: string;
  /** Called when the user chooses Try Again, before the children render again. */
  onReset?: () => void;
  /** For an optional widget (the chat): on failure it reports and disappears instead of taking the page. */
  quiet?: boolean;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
  errorId?: string;
}

/** Catches render errors below it, reports them with their component stack and shows the generic error page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    void loadAndReportError(error, { source: 'error-boundary', componentStack: info.componentStack ?? null }).then((report) => {
      // A report that lands after Try Again belongs to the error already left behind.
      if (report && this.state.error === error) this.setState({ errorId: report.id });
    });
  }

  private readonly reset = () => {
    this.props.onReset?.();
    this.setState({ error: undefined, failed: false, errorId: undefined });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.quiet) return null;
    return <GenericErrorScreen error={this.state.error} errorId={this.state.errorId} onTryAgain={this.reset} supportEmail={this.props.supportEmail} />;
  }
}
