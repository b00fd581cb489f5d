export { getSocket, liveState, startLive, type AppSocket, type RoomStatus } from './socket';
export { acquireRoom } from './rooms';
export { useLiveRoom, useLiveStatus, useOnSocketConnect, useRoomStatus, useSocketEvent } from './hooks';
