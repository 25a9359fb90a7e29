#!/usr/bin/python3
"""
A bare WebKitGTK browser for WebKitWebDriver (tests/support/engines/webkit.ts): one window holding
one WebView, at exactly the size asked. Debian's MiniBrowser cannot make its window narrower than
447 px, so it cannot show a phone's 375. Arguments: --automation (from the driver), --size=WxH,
--no-js, --data=FOLDER (a fresh folder per run: WebKit reports console messages only from a
context that keeps its data), --script=FILE (run at each document's start: the tests' recorder of
errors and Content-Security-Policy violations, problemRecorder in engine.ts).
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

options = dict(arg[2:].split("=", 1) if "=" in arg else (arg[2:], "") for arg in sys.argv[1:] if arg.startswith("--"))
width, height = (int(n) for n in options.get("size", "1280x800").split("x"))


data = options.get("data")
manager = WebKit2.WebsiteDataManager(base_data_directory=data, base_cache_directory=data) if data else None
context = WebKit2.WebContext(website_data_manager=manager) if manager else WebKit2.WebContext.get_default()
context.set_automation_allowed("automation" in options)
settings = WebKit2.Settings(
    enable_javascript="no-js" not in options,
    enable_write_console_messages_to_stdout=True,
    enable_developer_extras=True,
)
scripts = WebKit2.UserContentManager()
scripts.add_script(
    WebKit2.UserScript(
        open(options["script"]).read() if "script" in options else "",
        WebKit2.UserContentInjectedFrames.ALL_FRAMES,
        WebKit2.UserScriptInjectionTime.START,
        None,
        None,
    )
)


def new_view(*_):
    view = WebKit2.WebView(
        web_context=context,
        settings=settings,
        user_content_manager=scripts,
        is_controlled_by_automation=True,
    )
    window = Gtk.Window()
    window.set_default_size(width, height)
    window.add(view)
    window.connect("destroy", lambda *_: Gtk.main_quit())
    window.show_all()
    # No window manager runs under Xvfb: take the input focus, or the page never has it.
    window.present()
    window.get_window().focus(0)
    view.grab_focus()
    return view


def started(_, session):
    info = WebKit2.ApplicationInfo()
    info.set_name("webkit-shell")
    info.set_version(1, 0, 0)
    session.set_application_info(info)
    session.connect("create-web-view", new_view)


context.connect("automation-started", started)
Gtk.main()
