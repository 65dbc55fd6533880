/** The report's widgets are the staff app's dashboard widgets. */
export { NoData, WidgetCard } from "../../../components/widget-card";
