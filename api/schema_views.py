"""The OpenAPI schema and its browsable docs, refusing as every other address under /api/ does.

drf-spectacular's views answer in their own formats (YAML or the schema's media type; an HTML
page): a refusal rendered that way (a method they do not take, a format they do not give) came
back as YAML, as plain text, or, for OPTIONS on the docs page (a template renderer asked to
describe the view), as a 500. Here every refusal is JSON with its stable code.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response


class _RefusalsInJson:
    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        response = super().finalize_response(request, response, *args, **kwargs)  # type: ignore[misc]
        if isinstance(response, Response) and response.status_code >= 400:
            response.accepted_renderer = JSONRenderer()
            response.accepted_media_type = "application/json"
        return response


class SchemaView(_RefusalsInJson, SpectacularAPIView):
    """The OpenAPI schema (YAML, or JSON with ?format=json)."""


class DocsView(_RefusalsInJson, SpectacularSwaggerSplitView):
    """The browsable docs page: read only (GET and HEAD)."""

    http_method_names = ["get", "head"]
