import { ForbiddenPage } from "@/components/auth/forbidden-page";

export default function ReviewForbidden() {
  return <ForbiddenPage message="Only reviewers and admins can review annotations." />;
}
