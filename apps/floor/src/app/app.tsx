import { MantineProvider } from '@mantine/core';
import { useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { UpdatePrompt } from '../components/update-prompt.tsx';
import { ResetScreen } from '../features/account/reset.screen.tsx';
import { SignupScreen } from '../features/account/signup.screen.tsx';
import { LoginScreen } from '../features/login/login.screen.tsx';
import { MenuScreen } from '../features/menu/menu.screen.tsx';
import { PickScreen } from '../features/pick/pick.screen.tsx';
import { ROUTER_BASENAME } from './api.ts';
import { PICK_GRANT, PublicOnly, RequireUser, RootRedirect } from './guard.tsx';
import { SessionProvider, useSession } from './session.tsx';
import { resumeOutbox, setAuthRequiredHandler, startOutboxSync } from './sync.ts';
import { theme } from './theme.ts';

/** Connects the outbox sender to the session: a 401 on a queued change sends the picker to login. */
function OutboxSessionBridge() {
  const { sessionExpired } = useSession();
  useEffect(() => {
    setAuthRequiredHandler(sessionExpired);
    return () => setAuthRequiredHandler(null);
  }, [sessionExpired]);
  useEffect(() => startOutboxSync(), []);
  return null;
}

/**
 * The floor's screens under `/floor` (spec 2 §2 route table, floor part), each behind the routing
 * guard: login, sign-up and reset are public; the pick screen and the menu need a user.
 */
export function FloorRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootRedirect />} />
      <Route
        path="/login"
        element={
          <PublicOnly>
            <LoginScreen />
          </PublicOnly>
        }
      />
      <Route
        path="/signup"
        element={
          <PublicOnly>
            <SignupScreen />
          </PublicOnly>
        }
      />
      <Route
        path="/reset"
        element={
          <PublicOnly>
            <ResetScreen />
          </PublicOnly>
        }
      />
      <Route
        path="/pick"
        element={
          <RequireUser grant={PICK_GRANT}>
            <PickScreen />
          </RequireUser>
        }
      />
      <Route
        path="/menu"
        element={
          <RequireUser>
            <MenuScreen />
          </RequireUser>
        }
      />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** The floor app: theme, router under `/floor`, session, outbox sending and the update prompt. */
export function App() {
  return (
    <MantineProvider theme={theme} forceColorScheme="light">
      <BrowserRouter basename={ROUTER_BASENAME}>
        <SessionProvider onLogin={resumeOutbox}>
          <OutboxSessionBridge />
          <FloorRoutes />
          <UpdatePrompt />
        </SessionProvider>
      </BrowserRouter>
    </MantineProvider>
  );
}
