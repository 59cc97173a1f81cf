/** Texts of the shared map pieces (top-level key `map`). */

const zhCN = {
  map: {
    noTiles: '底图不可用，仅显示图形',
    drawPolygon: '画多边形',
    drawCircle: '画圆形',
    clear: '清除图形',
    clearHint: '删除当前图形（保存后生效）',
    polygonHint: '在地图上依次点击各顶点，点击第一个顶点闭合多边形；按 Esc 取消',
    circleHint: '点击地图确定圆心，移动鼠标后再次点击确定半径',
    editHint: '拖动顶点或圆心、半径控制点可修改图形',
    pickHint: '在地图上点击或拖动标记设置经纬度',
  },
};

const enUS: typeof zhCN = {
  map: {
    noTiles: 'Base map unavailable: shapes only',
    drawPolygon: 'Draw polygon',
    drawCircle: 'Draw circle',
    clear: 'Clear shape',
    clearHint: 'Remove the current shape (takes effect when saved)',
    polygonHint: 'Click each vertex on the map, then click the first vertex to close the polygon; Esc cancels',
    circleHint: 'Click the map to place the centre, move the mouse and click again to set the radius',
    editHint: 'Drag the vertices, the centre or the radius handle to change the shape',
    pickHint: 'Click the map or drag the marker to set the longitude and latitude',
  },
};

export default { 'zh-CN': zhCN, 'en-US': enUS };
