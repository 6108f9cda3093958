"""The phone app: the whole app built as static files that run in the phone's browser (Python
in WebAssembly through the Pyodide that flet-web bundles), installable, offline, its saves in
the browser's own storage. ``python -m tools.phone.build`` (``make phone``) builds it into
``build/phone/``; docs/phone.md says how it works and how to host it.

The web shell beside this file is copied into every build:

    index.html         the page: the app's name and icons, the manifest, the service worker
    python.js          the bridge from Flet's client to Python (the worker started with the page)
    python-worker.js   the worker that starts Python: Pyodide, the app's code, the saves
    storage.js         the saves in the origin's private file system (synchronous, durable)
    sw.js              the service worker (its file list and version filled in by the build)
"""
