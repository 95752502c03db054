/**
 * The messaging service worker (issue 13), bundled with esbuild into dist/firebase-messaging-sw.js by
 * scripts/build.mjs (never from public/: it needs firebase/messaging/sw). The page registers it with the public
 * Firebase config in its URL. Firebase shows the notification of a background message itself; a click on it opens
 * the site (or focuses an open page of it).
 */
/// <reference lib="webworker" />
import { initializeApp } from "firebase/app";
import { getMessaging } from "firebase/messaging/sw";

declare const self: ServiceWorkerGlobalScope;

const raw = new URL(self.location.href).searchParams.get("config");
if (raw) {
  try {
    getMessaging(initializeApp(JSON.parse(raw) as Record<string, string>));
  } catch (error) {
    console.error("push: the messaging service worker could not start", error);
  }
}

// Activate at once: the worker has its own scope and controls no page, so nothing is lost by not waiting.
self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((pages) => {
      const open = pages.find((page) => new URL(page.url).origin === self.location.origin);
      return open ? open.focus() : self.clients.openWindow("/");
    }),
  );
});
