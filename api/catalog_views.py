"""What the service offers: its health and the catalog of games with the stated limits."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api import selectors
from api.limits import limits_json


class HealthView(APIView):
    @extend_schema(responses={200: dict})
    def get(self, request: Request) -> Response:
        return Response({"status": "ok"})


class CatalogView(APIView):
    @extend_schema(responses={200: dict})
    def get(self, request: Request) -> Response:
        return Response({"games": selectors.catalog(), "limits": limits_json()})
