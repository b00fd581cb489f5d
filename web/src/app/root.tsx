import { Outlet } from 'react-router-dom';
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
