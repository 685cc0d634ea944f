// The tables of migration 0032 (the console's operators, sessions and four-eyes approvals), for schema.ts.
export interface OpsTables {
  operators: {
    id: number; name: string; password_hash: string; totp_secret: string; totp_step: number; role: string;
    disabled: number; failed_logins: number; locked_until: number; created_at: number; created_by: string;
    last_login_at: number | null;
  };
  ops_sessions: {
    id: number; token_hash: string; operator_id: number; created_at: number; expires_at: number; last_seen_at: number;
    revoked_at: number | null; ip: string | null;
  };
  ops_approvals: {
    id: number; command: string; args: string; reason: string; summary: string; requested_by: string; requested_at: number;
    status: string; decided_by: string | null; decided_at: number | null; decision_reason: string | null; request_id: string;
    outcome: string | null;
  };
}
