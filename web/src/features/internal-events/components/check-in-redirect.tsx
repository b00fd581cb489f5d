import { Navigate, useParams } from 'react-router-dom';

/** /eventos-internos/{id}/check-in, the old check-in desk: the event's door took its place (bookmarks keep working). */
export function CheckInRedirect() {
  const { id } = useParams();
  return <Navigate to={`/eventos-internos/${id}/puerta`} replace />;
}
