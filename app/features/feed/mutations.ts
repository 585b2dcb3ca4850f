// Changing the feed: create a post (its image uploaded first, with progress), delete one
// (optimistic, put back on failure), like / unlike (optimistic, rolled back on failure), comment
// and report. Each success writes the server's answer into the cache (see queries.ts).
import type { TierGate } from "#contracts/tiers/gate.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  POST_IMAGE_FIELD,
  type CommentResponse,
  type CommentsResponse,
  type LikeResponse,
  type PostImageUploadResponse,
  type PostResponse,
  type PostView,
  type PostVisibility,
  type ReportReason,
} from "#contracts/feed.ts";
import { api, apiErrorOf, ApiRequestError } from "../../lib/api";
import { ImageUploadError } from "./errors";
import { feedKeys, findCachedPost, postPath, prependFeedPosts, removeFeedPost, restoreFeedPost, updateCachedPost, type FeedPosition } from "./queries";

const UPLOAD_PATH = "/api/uploads/post-image";

function apiErrorFromXhr(xhr: XMLHttpRequest): ApiRequestError {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = null;
  }
  return apiErrorOf(xhr.status, body, xhr.statusText);
}

/**
 * POST /api/uploads/post-image (multipart, field `image`). With `onProgress` it goes through
 * XMLHttpRequest, the one browser API that reports upload progress (0..1); without, through fetch.
 */
export function uploadPostImage(file: File, onProgress?: (fraction: number) => void): Promise<PostImageUploadResponse> {
  const body = new FormData();
  body.append(POST_IMAGE_FIELD, file);
  if (!onProgress || typeof XMLHttpRequest === "undefined") return api<PostImageUploadResponse>(UPLOAD_PATH, { method: "POST", body });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_PATH);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.addEventListener("progress", (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    });
    xhr.addEventListener("load", () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as PostImageUploadResponse);
        } catch {
          reject(new ApiRequestError(xhr.status, "bad_response", "Invalid upload response"));
        }
      } else {
        reject(apiErrorFromXhr(xhr));
      }
    });
    xhr.addEventListener("error", () => reject(new ApiRequestError(0, "network_error", "Network error")));
    xhr.addEventListener("abort", () => reject(new ApiRequestError(0, "aborted", "Upload aborted")));
    xhr.send(body);
  });
}

export type CreatePostVariables = {
  content: string;
  image: File | null;
  /** Who can read it; left out: members. */
  visibility?: PostVisibility;
  /** With visibility vip (admins): which paid tiers read it; left out: VIP and above. */
  tiers?: TierGate;
  /** Admins: as the artist's official account, and pinned to the top. */
  official?: boolean;
  pinned?: boolean;
  /** Upload progress of the image, 0..1. */
  onProgress?: (fraction: number) => void;
};

/** The image first (its failure is an ImageUploadError: nothing was posted), then the post. */
export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...feedKeys.all, "create"],
    mutationFn: async ({ content, image, onProgress, visibility, tiers, official, pinned }: CreatePostVariables) => {
      let imageName: string | undefined;
      if (image) {
        try {
          imageName = (await uploadPostImage(image, onProgress)).image;
        } catch (error) {
          throw new ImageUploadError(error);
        }
      }
      const choices = {
        ...(visibility && visibility !== "members" ? { visibility } : {}),
        ...(visibility === "vip" && tiers ? { tiers } : {}),
        ...(official ? { official: true } : {}),
        ...(official && pinned ? { pinned: true } : {}),
      };
      return api<PostResponse>("/api/posts", { method: "POST", json: { content: content.trim(), ...(imageName ? { image: imageName } : {}), ...choices } });
    },
    onSuccess: async ({ post }) => {
      client.setQueryData<PostResponse>(feedKeys.post(post.id), { post });
      // A read of the list still on its way may have been made before this post was written, and
      // its answer would replace the list without it: read the list again instead.
      if (client.isFetching({ queryKey: feedKeys.list, exact: true }) > 0) await client.refetchQueries({ queryKey: feedKeys.list, exact: true });
      prependFeedPosts(client, [post]);
    },
  });
}

type DeleteContext = { position: FeedPosition | null };

/** Deletes a post: it leaves the feed at once and comes back where it was if the server refuses. */
export function useDeletePost() {
  const client = useQueryClient();
  return useMutation<void, unknown, PostView, DeleteContext>({
    mutationKey: [...feedKeys.all, "delete"],
    mutationFn: async (post) => {
      try {
        await api<void>(postPath(post.id), { method: "DELETE" });
      } catch (error) {
        // Already gone (deleted in another window, or by an admin): what was asked for is true.
        if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
      }
    },
    onMutate: async (post) => {
      // A page arriving now would put the post back on screen.
      await client.cancelQueries({ queryKey: feedKeys.list, exact: true });
      return { position: removeFeedPost(client, post.id) };
    },
    onError: (_error, post, context) => {
      if (context?.position) restoreFeedPost(client, post, context.position);
    },
    onSuccess: (_data, post) => {
      client.removeQueries({ queryKey: feedKeys.comments(post.id) });
      client.removeQueries({ queryKey: feedKeys.post(post.id), type: "inactive" });
    },
  });
}

type LikeContext = { delta: number };

/**
 * Likes (`mutate(true)`) or unlikes (`mutate(false)`) one post. The heart and the count change at
 * once; a failure takes back exactly this change (counts moved meanwhile by live events stay).
 * One post's likes are sent one after the other, so a quick like-unlike arrives in that order.
 */
export function useToggleLike(postId: string) {
  const client = useQueryClient();
  return useMutation<LikeResponse, unknown, boolean, LikeContext>({
    mutationKey: [...feedKeys.all, "like", postId],
    scope: { id: `feed-like-${postId}` },
    mutationFn: (liked) => api<LikeResponse>(`${postPath(postId)}/like`, { method: liked ? "PUT" : "DELETE" }),
    onMutate: async (liked) => {
      await client.cancelQueries({ queryKey: feedKeys.post(postId), exact: true });
      const post = findCachedPost(client, postId);
      if (!post || post.likedByMe === liked) return { delta: 0 };
      const delta = liked ? 1 : -1;
      updateCachedPost(client, postId, (p) => ({ ...p, likedByMe: liked, likeCount: Math.max(0, p.likeCount + delta) }));
      return { delta };
    },
    onError: (_error, liked, context) => {
      if (!context || context.delta === 0) return;
      updateCachedPost(client, postId, (p) => ({ ...p, likedByMe: !liked, likeCount: Math.max(0, p.likeCount - context.delta) }));
    },
    onSuccess: ({ liked, likeCount }) => {
      updateCachedPost(client, postId, (p) => ({ ...p, likedByMe: liked, likeCount }));
    },
  });
}

/** Adds a comment: appended to the open list, and the post's count becomes the server's. */
export function useCreateComment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...feedKeys.all, "comment", postId],
    mutationFn: (content: string) => api<CommentResponse>(`${postPath(postId)}/comments`, { method: "POST", json: { content: content.trim() } }),
    onSuccess: ({ comment, commentCount }) => {
      client.setQueryData<CommentsResponse>(feedKeys.comments(postId), (data) =>
        data && !data.comments.some((c) => c.id === comment.id) ? { comments: [...data.comments, comment] } : data,
      );
      updateCachedPost(client, postId, (p) => ({ ...p, commentCount }));
    },
  });
}

/**
 * Pins (`mutate(true)`) or unpins an official post (admins). The feed is read again, since pinned
 * posts head its first page and an unpinned one goes back to its place by time.
 */
export function usePinPost(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...feedKeys.all, "pin", postId],
    mutationFn: (pinned: boolean) => api<PostResponse>(postPath(postId), { method: "PATCH", json: { pinned } }),
    onSuccess: ({ post }) => {
      updateCachedPost(client, postId, () => post);
      void client.invalidateQueries({ queryKey: feedKeys.list, exact: true });
    },
  });
}

export type ReportVariables = { reason: ReportReason; details: string };

/** What a report is about: a post, or one of its comments. */
export type ReportTarget = { postId: string; commentId?: string };

export function useReport({ postId, commentId }: ReportTarget) {
  const path = commentId ? `${postPath(postId)}/comments/${encodeURIComponent(commentId)}/reports` : `${postPath(postId)}/reports`;
  return useMutation({
    mutationKey: [...feedKeys.all, "report", postId, commentId ?? null],
    mutationFn: ({ reason, details }: ReportVariables) =>
      api<{ ok: true }>(path, { method: "POST", json: { reason, ...(details.trim() ? { details: details.trim() } : {}) } }),
  });
}
