// The tables of migration 0031 (content and feedback), for schema.ts's Database type.
export interface ContentTables {
  content_articles: {
    id: number; kind: string; category: string | null; slug: string | null; status: string; pinned: number;
    publish_at: number | null; revision: number; seed_key: string | null; created_at: number; created_by: string;
    updated_at: number; updated_by: string;
  };
  content_texts: { article_id: number; locale: string; title: string; summary: string; body_md: string; body_html: string };
  content_reads: { user_id: number; article_id: number; read_at: number };
  content_read_marks: { user_id: number; read_until: number };
  feedback: {
    id: number; user_id: number; client_id: string | null; topic: string; body: string; contact: string | null;
    screenshot: string | null; locale: string; status: string; created_at: number; reply: string | null;
    replied_at: number | null; replied_by: string | null;
  };
  feedback_uploads: {
    id: number; public_id: string; user_id: number; file: string; size: number; width: number; height: number;
    created_at: number; feedback_id: number | null;
  };
}
