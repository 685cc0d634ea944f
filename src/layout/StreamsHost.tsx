// Starts the tab's one stream runtime for the life of the app shell and keeps its ticket in step with the session,
// so private topics (orders, balances, the contract's positions and orders) follow sign-in and sign-out without any
// panel touching the socket. Its REST reads go through the app's ky instance: one instance, one timeout and ticket
// policy for the tab.
import { useEffect } from 'react';
import { setStreamsTicket, setUpStreams } from '../../streams/index.ts';
import { api } from '../api/index.ts';
import { loadContractConditionals, loadContractMarkets, loadContractOrders, loadContractPositions } from '../api/contract.ts';
import { loadOpenOrders, loadSpotBalances } from '../api/stream-seeds.ts';
import { loadPriceRecordHead, loadSecondsConfig, loadSecondsContracts } from '../api/seconds.ts';
import { getToken, raiseSessionExpired, useToken } from '../state/index.ts';

export function StreamsHost() {
  const token = useToken();
  useEffect(() => {
    return setUpStreams({
      ticket: getToken(),
      http: api.http,
      loadOrders: loadOpenOrders,
      loadBalances: loadSpotBalances,
      loadContractMarkets,
      loadContractPositions,
      loadContractOrders,
      loadContractConditionals,
      loadSecondsConfig,
      loadPriceRecordHead,
      loadSecondsContracts,
      // The server closed the socket because this session ended: the same one alert a REST reply would raise.
      onSessionEnded: () => void raiseSessionExpired(),
    });
  }, []);
  useEffect(() => {
    setStreamsTicket(token);
  }, [token]);
  return null;
}
