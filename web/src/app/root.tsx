import { Outlet } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toaster';
import { SessionLiveEffect } from './session-live-effect';

export function Root() {
  return (
    <>
      <SessionLiveEffect />
      <Outlet />
      <Toaster />
    </>
  );
}

/** Shown while the first page's code is loading (a staff screen opened directly). */
export function RouteLoading() {
  return <Spinner />;
}
