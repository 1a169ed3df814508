"""The deployment of docs/deploy.md, checked without Docker: compose.yaml names the
services it promises, every ``thousand`` command in it is one the command line takes,
every variable one the program reads, the health checks ask routes the server has, and
deploy/nginx.conf proxies WebSockets, keeps tokens out of its log and (where Debian's
nginx is installed; CI does not need it) passes ``nginx -t``."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from thousand.cli.commands.serve import REDIS_SCHEMES
from thousand.cli.main import build_parser
from thousand.web.logs import LOG_FORMATS, LOG_LEVELS
from thousand.web.server import Settings, create_app

ROOT = Path(__file__).resolve().parent.parent
COMPOSE = ROOT / "compose.yaml"
NGINX = ROOT / "deploy" / "nginx.conf"
DOCKERFILE = ROOT / "Dockerfile"
SOURCE = ROOT / "src" / "thousand"


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def services(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    found = compose["services"]
    assert isinstance(found, dict)
    return found


def thousand_services(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The services that run the project's image (its Dockerfile: ``thousand`` first)."""
    return {name: s for name, s in services(compose).items() if s.get("build") == "."}


def test_compose_has_the_database_redis_migrate_servers_and_proxy(
    compose: dict[str, Any],
) -> None:
    assert set(services(compose)) == {"postgres", "redis", "migrate", "app", "nginx"}
    assert set(thousand_services(compose)) == {"migrate", "app"}
    app = services(compose)["app"]
    assert app["deploy"]["replicas"] >= 2
    assert "container_name" not in app and "ports" not in app  # --scale app=N works
    assert app["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert app["depends_on"]["redis"]["condition"] == "service_healthy"
    assert services(compose)["migrate"]["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert services(compose)["nginx"]["depends_on"]["app"]["condition"] == "service_healthy"
    assert services(compose)["migrate"]["restart"] == "no"


def test_every_thousand_command_is_one_the_command_line_takes(compose: dict[str, Any]) -> None:
    parser = build_parser()
    commands = {name: s["command"] for name, s in thousand_services(compose).items()}
    for name, command in commands.items():
        args = parser.parse_args(command)  # a wrong option raises UsageError
        assert args.command == "serve", name
    assert parser.parse_args(commands["migrate"]).migrate
    app = parser.parse_args(commands["app"])
    assert (app.host, app.migrate) == ("0.0.0.0", False)
    assert f"{app.port}" in services(compose)["app"]["healthcheck"]["test"][-1]
    assert f"server app:{app.port} " in NGINX.read_text(encoding="utf-8")


def test_the_servers_share_postgresql_and_redis_and_log_json(compose: dict[str, Any]) -> None:
    for name, service in thousand_services(compose).items():
        env = service["environment"]
        assert env["THOUSAND_DB"].startswith("postgresql://thousand:"), name
        assert env["THOUSAND_DB"].endswith("@postgres:5432/thousand"), name
        assert env["THOUSAND_REDIS"].split("://")[0] in REDIS_SCHEMES
        assert env["THOUSAND_REDIS"].startswith("redis://redis:6379/")
        assert env["THOUSAND_LOG_FORMAT"] == "json" and env["THOUSAND_LOG_FORMAT"] in LOG_FORMATS
        assert env["THOUSAND_LOG_LEVEL"] in LOG_LEVELS
    postgres = services(compose)["postgres"]["environment"]
    assert (postgres["POSTGRES_USER"], postgres["POSTGRES_DB"]) == ("thousand", "thousand")


def test_every_variable_the_deployment_sets_is_one_the_program_reads(
    compose: dict[str, Any],
) -> None:
    names = set(re.findall(r"\bTHOUSAND_[A-Z_]+\b", DOCKERFILE.read_text(encoding="utf-8")))
    for service in thousand_services(compose).values():
        names |= {name for name in service["environment"] if name.startswith("THOUSAND_")}
    source = "\n".join(path.read_text(encoding="utf-8") for path in SOURCE.rglob("*.py"))
    assert names >= {"THOUSAND_DB", "THOUSAND_REDIS", "THOUSAND_LOG_FORMAT", "THOUSAND_CACHE_DIR"}
    for name in names:
        assert f'"{name}"' in source, name


def test_health_checks_ask_for_liveness_and_readiness(compose: dict[str, Any]) -> None:
    app_check = " ".join(services(compose)["app"]["healthcheck"]["test"])
    assert "/api/ready" in app_check
    assert "/api/health" in " ".join(services(compose)["nginx"]["healthcheck"]["test"])
    dockerfile = DOCKERFILE.read_text(encoding="utf-8")
    assert "/api/health" in dockerfile.split("HEALTHCHECK", 1)[1]
    for name in ("postgres", "redis"):
        assert services(compose)[name]["healthcheck"]["test"][0] == "CMD"


def test_the_routes_the_checks_and_the_scraper_ask_for_are_the_servers(tmp_path: Path) -> None:
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path}/s.db"))
    app.state.hub.store.close()
    paths = {getattr(route, "path", None) for route in app.routes}
    assert {"/api/health", "/api/ready", "/metrics"} <= paths


def test_the_dockerfile_installs_the_package_on_python_3_11() -> None:
    text = DOCKERFILE.read_text(encoding="utf-8")
    assert re.search(r"^FROM python:3\.11-slim$", text, re.MULTILINE)
    assert re.search(r"^RUN pip install \. ", text, re.MULTILINE)
    assert 'ENTRYPOINT ["thousand"]' in text
    assert "EXPOSE 8000" in text
    assert re.search(r"^USER thousand$", text, re.MULTILINE)  # never root
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    assert {"*", "!pyproject.toml", "!README.md", "!src/"} <= set(ignored)


def test_nginx_proxies_websockets_and_logs_no_query_string(compose: dict[str, Any]) -> None:
    lines = NGINX.read_text(encoding="utf-8").splitlines()
    text = "\n".join(line.split("#", 1)[0] for line in lines)  # the directives
    assert "proxy_http_version 1.1;" in text
    assert "proxy_set_header Upgrade $http_upgrade;" in text
    assert "proxy_set_header Connection $connection_upgrade;" in text
    assert re.search(r"location /ws/ \{[^}]*proxy_read_timeout \d+s;", text)
    assert "ip_hash" not in text and "sticky" not in text  # any process serves any room
    formats = re.findall(r"log_format\s+\w+((?:\s+'[^']*')+);", text)
    assert formats, "an access log format of its own"
    for variable in ("$request ", "$request_uri", "$args", "$query_string", "$http_referer"):
        assert all(variable.strip() not in re.findall(r"\$\w+", f) for f in formats), variable
    assert re.search(r"location = /metrics \{\s*return 404;", text)
    mounts = services(compose)["nginx"]["volumes"]
    assert "./deploy/nginx.conf:/etc/nginx/nginx.conf:ro" in mounts


@pytest.mark.skipif(shutil.which("nginx") is None, reason="Debian's nginx is not installed")
def test_nginx_accepts_the_configuration(tmp_path: Path) -> None:
    """``nginx -t`` on the file, the servers' name put to an address (there is no
    ``app`` outside compose's network to resolve)."""
    config = tmp_path / "nginx.conf"
    config.write_text(NGINX.read_text(encoding="utf-8").replace("server app:", "server 127.0.0.1:"))
    checked = subprocess.run(
        ["nginx", "-t", "-p", str(tmp_path), "-c", str(config)],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr
    assert "test is successful" in checked.stderr
