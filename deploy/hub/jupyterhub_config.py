# The JupyterHub configuration of the JAX course. docs/deploy.md writes it to $HUB_STATE/jupyterhub_config.py,
# after a header that sets the names of the page's first block (PREFIX, EXCHANGE, COURSE, INSTRUCTOR, ...).
# The hub runs as root: it starts each user's server as that user.
# ruff: noqa: F821 - the names come from the header, `c` from JupyterHub
import grp
import os
import pwd

STUDENT_ENV = f"{PREFIX}/student"        # JupyterLab, the Assignments panel, JAX, jupyterhub-singleuser
INSTRUCTOR_ENV = f"{PREFIX}/instructor"  # jaxgrade, nbgrader's formgrader; root:INSTRUCTORS_GROUP, 750

c = get_config()

c.JupyterHub.bind_url = f"http://{LISTEN}:{PORT}"  # put TLS in front of it (ssl_cert/ssl_key, or a reverse proxy)
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{HUB_PORT}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{PROXY_API_PORT}"
c.ConfigurableHTTPProxy.command = [f"{PREFIX}/proxy/node_modules/.bin/configurable-http-proxy"]
c.ConfigurableHTTPProxy.pid_file = f"{HUB_STATE}/jupyterhub-proxy.pid"
c.JupyterHub.db_url = f"sqlite:///{HUB_STATE}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = f"{HUB_STATE}/jupyterhub_cookie_secret"

# Each person logs in with their own Unix account's password; their server runs as that account.
c.JupyterHub.authenticator_class = "pam"
c.PAMAuthenticator.allowed_groups = {STUDENTS_GROUP, INSTRUCTORS_GROUP}
# No admins: an admin may open any user's server, and the formgrader's pages may be framed by the hub's origin.
c.Authenticator.admin_users = set()
c.JupyterHub.spawner_class = "localprocess"
c.Spawner.default_url = "/lab"
c.Spawner.environment = {"JAXGRADE_EXCHANGE": EXCHANGE}


def environment_by_group(spawner):
    """Instructors' servers run the instructor environment (the formgrader), everyone else's the students'."""
    account = pwd.getpwnam(spawner.user.name)
    instructor = grp.getgrnam(INSTRUCTORS_GROUP).gr_gid in os.getgrouplist(account.pw_name, account.pw_gid)
    environment = INSTRUCTOR_ENV if instructor else STUDENT_ENV
    spawner.cmd = [f"{environment}/bin/jupyterhub-singleuser"]
    # A terminal in JupyterLab finds that environment's nbgrader (and jaxgrade) first. Its shell is the account's,
    # not a login shell: Jupyter's default, `SHELL -l`, reads /etc/profile, which sets PATH anew without them.
    spawner.environment = {**spawner.environment, "PATH": f"{environment}/bin:/usr/local/bin:/usr/bin:/bin"}
    spawner.args = [f"--ServerApp.terminado_settings=shell_command={account.pw_shell or '/bin/sh'}"]


c.Spawner.pre_spawn_hook = environment_by_group

# Judged feedback before the deadline (docs/watch.md): `jaxgrade watch`, started and restarted by the hub, as the
# instructor. One service per assignment being worked on.
c.JupyterHub.services = [
    {
        "name": f"jaxgrade-watch-{ASSIGNMENT}",
        "command": [f"{INSTRUCTOR_ENV}/bin/jaxgrade", "watch", ASSIGNMENT, "--course", COURSE, "--jobs", "2"],
        "cwd": COURSE,
        "user": INSTRUCTOR,  # the Unix account it runs as: the course directory's owner
        "environment": {"JAXGRADE_EXCHANGE": EXCHANGE},
    },
]
