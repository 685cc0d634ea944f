// Starts the tab's one stream runtime for the life of the app shell and keeps its ticket in step with the session,
// so private topics (orders, balances) follow sign-in and sign-out without any panel touching the socket.
import { useEffect } from 'react';
import { setStreamsTicket, setUpStreams } from '../../streams/index.ts';
import { loadOpenOrders, loadSpotBalances } from '../api/stream-seeds.ts';
import { getToken, useToken } from '../state/index.ts';

export function StreamsHost() {
  const token = useToken();
  useEffect(() => {
    return setUpStreams({ ticket: getToken(), loadOrders: loadOpenOrders, loadBalances: loadSpotBalances });
  }, []);
  useEffect(() => {
    setStreamsTicket(token);
  }, [token]);
  return null;
}
