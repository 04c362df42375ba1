import { ForbiddenPage } from "@/components/auth/forbidden-page";

export default function UsersForbidden() {
  return <ForbiddenPage message="Only admins can manage users." />;
}
