export { getSocket, holdConnection, liveState, startLive, type AppSocket, type RoomStatus } from './socket';
export { acquireRoom } from './rooms';
export { useLiveRoom, useLiveStatus, useOnSocketConnect, useRoomStatus, useSocketEvent } from './hooks';
export { applyAttendeeCounts, applyCountsToEvents, createVersionGate, type VersionGate } from './versions';
