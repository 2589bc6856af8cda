"""Voila's settings for `./lab --voila` (read through JUPYTER_CONFIG_PATH, as jupyter_server_config.py beside it):
the same settings as JupyterLab's, so that a lesson's kernel is freed when its tab is closed, and a kernel no tab is
connected to is shut down after DIGITEACH_KERNEL_IDLE_SECONDS idle (see that file)."""

from typing import Any

c: Any  # the config object traitlets provides when it runs this file
load_subconfig: Any  # traitlets' own: loads a config file from this file's folder into `c`

load_subconfig("jupyter_server_config.py")
