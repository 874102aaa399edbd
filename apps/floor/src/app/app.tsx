import { createTheme, MantineProvider } from '@mantine/core';
import { useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { UpdatePrompt } from '../components/update-prompt.tsx';
import { LoginScreen } from '../features/login/login.screen.tsx';
import { MenuScreen } from '../features/menu/menu.screen.tsx';
import { PickScreen } from '../features/pick/pick.screen.tsx';
import { ROUTER_BASENAME } from './api.ts';
import { PICK_GRANT, PublicOnly, RequireUser, RootRedirect } from './guard.tsx';
import { SessionProvider, useSession } from './session.tsx';
import { resumeOutbox, setAuthRequiredHandler, startOutboxSync } from './sync.ts';

/**
 * Large, high-contrast defaults for one-handed use with gloves on a 5-inch screen: every control at
 * least 48 px, body text 18 px, black on white.
 */
const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: 9,
  black: '#111',
  fontSizes: { xs: '14px', sm: '16px', md: '18px', lg: '20px', xl: '24px' },
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { size: 'lg' } },
  },
});

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

/** Routes of the floor app under `/floor` (spec 2 §2 route table, floor part). */
export function App() {
  return (
    <MantineProvider theme={theme} forceColorScheme="light">
      <BrowserRouter basename={ROUTER_BASENAME}>
        <SessionProvider onLogin={resumeOutbox}>
          <OutboxSessionBridge />
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
          <UpdatePrompt />
        </SessionProvider>
      </BrowserRouter>
    </MantineProvider>
  );
}
