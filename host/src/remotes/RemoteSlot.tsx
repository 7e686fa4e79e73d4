import { Loading } from '@consig/shared';
import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { loadedRemoteModule, loadRemoteModule, type RemoteComponent } from './loadRemoteModule';
import { reRegisterRemote, type RemoteName } from './registry';
import { RemoteUnavailable } from './RemoteUnavailable';

interface Props {
  remote: RemoteName;
  /** The exposed module, e.g. './Dashboard'. */
  module: string;
  /** Portuguese name of the area, used in the failure message. */
  label: string;
  props?: Record<string, unknown>;
}

/**
 * One area of the shell filled by a remote at runtime. A remote that is down or throws shows a message
 * with a retry in its own area; the shell and the other remotes keep working (docs/architecture.md "Pitfalls": without a
 * boundary a dead remote blanks the whole React 19 root).
 */
export function RemoteSlot({ remote, module, label, props = {} }: Props) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    // remotes.json is read again first: the operator may have rolled the remote back meanwhile.
    void reRegisterRemote(remote).then(() => setAttempt((n) => n + 1));
  };
  return (
    // Keyed by what it loads and by the attempt: another screen in the same slot, or a retry, mounts a new
    // RemoteModule, so React loads again instead of replaying the failure or keeping the old screen.
    <RemoteBoundary key={`${remote}/${module}#${attempt}`} label={label} onRetry={retry}>
      <RemoteModule remote={remote} module={module} props={props} />
    </RemoteBoundary>
  );
}

/**
 * One exposed module in its slot. Loaded as state, not with React.lazy under Suspense: a Suspense boundary
 * that showed its fallback reveals the screen no sooner than 300 ms after it (React's fallback throttle),
 * which was most of a first visit's wait (code in ~100 ms, screen at ~400 ms). A module this page loaded
 * already (revisited, or preloaded in idle time) renders in the first render, with no loading state at all.
 * A failed load is thrown while rendering, so RemoteBoundary shows the message with retry.
 */
function RemoteModule({ remote, module, props }: Required<Pick<Props, 'remote' | 'module' | 'props'>>) {
  const [state, setState] = useState<{ Remote?: RemoteComponent; error?: unknown }>(() => ({ Remote: loadedRemoteModule(remote, module) }));
  useEffect(() => {
    if (state.Remote) return;
    let mounted = true;
    loadRemoteModule(remote, module).then(
      (Remote) => mounted && setState({ Remote }),
      (error: unknown) => mounted && setState({ error }),
    );
    return () => {
      mounted = false;
    };
    // Keyed by remote and module (RemoteSlot): one load per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (state.error) throw state.error;
  const { Remote } = state;
  if (!Remote) return <Loading />;
  // A remote that suspends inside itself waits here, not under the shell's own boundary.
  return (
    <Suspense fallback={<Loading />}>
      <Remote {...props} />
    </Suspense>
  );
}

class RemoteBoundary extends Component<{ label: string; onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(`[host] módulo "${this.props.label}" falhou`, error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <RemoteUnavailable label={this.props.label} onRetry={this.props.onRetry} />;
  }
}
